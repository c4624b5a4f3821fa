import { escapeHtml } from './escape-html.js';

const TEXT = {
  en: {
    title: 'There is a problem with this sign-in request',
    explain:
      'The simulator could not trust the client or the redirect URI of this request, so it cannot send you back to the service.',
    detail: 'Detail',
  },
  cy: {
    title: 'Mae problem gyda’r cais mewngofnodi hwn',
    explain:
      'Nid oedd yr efelychydd yn gallu ymddiried yn y cleient na’r URI ailgyfeirio yn y cais hwn, felly ni all eich anfon yn ôl at y gwasanaeth.',
    detail: 'Manylion',
  },
} as const;

/** The page shown for /authorize errors that cannot be redirected. Its first line is the error. */
export function renderErrorPage(
  message: string,
  detail: string | undefined,
  lang: 'en' | 'cy',
): string {
  const t = TEXT[lang];
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>${escapeHtml(message)}</h1>
<p>${t.title}. ${t.explain}</p>
${detail ? `<p><strong>${t.detail}:</strong> ${escapeHtml(detail)}</p>` : ''}
</body></html>`;
}
