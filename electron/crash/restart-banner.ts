/** The id of the banner element (one at a time: a second offer replaces the first). */
export const RESTART_BANNER_ID = 'identity-simulator-restart-banner';

/** What the tester chose in the banner. */
export type BannerChoice = 'restart' | 'keep';

/**
 * A script for `webContents.executeJavaScript` that puts a banner across the top of whatever page
 * the window shows (the simulator UI or a local page): the title, the detail, and two buttons.
 * It evaluates to a promise of the tester's choice, so the main process learns it without any
 * bridge. The texts are inserted as text, never as HTML, and styled through the CSS object
 * model, which a page's Content-Security-Policy leaves alone.
 */
export function restartBannerScript(title: string, detail: string): string {
  return `new Promise((resolve) => {
  const id = ${JSON.stringify(RESTART_BANNER_ID)};
  document.getElementById(id)?.remove();
  const banner = document.createElement('div');
  banner.id = id;
  banner.setAttribute('role', 'alert');
  Object.assign(banner.style, {
    position: 'fixed', top: '0', left: '0', right: '0', zIndex: '2147483647',
    display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap',
    padding: '10px 16px', background: '#8a1c1c', color: '#fff',
    font: '14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif',
    boxShadow: '0 2px 6px rgba(0,0,0,.3)',
  });
  const text = document.createElement('div');
  text.style.flex = '1 1 20rem';
  const strong = document.createElement('strong');
  strong.textContent = ${JSON.stringify(title)};
  const detail = document.createElement('div');
  detail.textContent = ${JSON.stringify(detail)};
  detail.style.whiteSpace = 'pre-wrap';
  text.append(strong, detail);
  const button = (label, choice, primary) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    Object.assign(b.style, {
      font: 'inherit', padding: '6px 14px', borderRadius: '4px', cursor: 'pointer',
      border: '1px solid #fff', background: primary ? '#fff' : 'transparent',
      color: primary ? '#8a1c1c' : '#fff',
    });
    b.addEventListener('click', () => {
      banner.remove();
      resolve(choice);
    });
    return b;
  };
  banner.append(
    text,
    button('Restart Identity Simulator', 'restart', true),
    button('Keep running', 'keep', false),
  );
  document.body.append(banner);
})`;
}

/** Reads the banner's answer (anything else counts as keeping the app running). */
export function bannerChoice(value: unknown): BannerChoice {
  return value === 'restart' ? 'restart' : 'keep';
}
