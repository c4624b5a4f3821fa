import type { ResponseConfiguration } from '../../contract.js';

export interface InteractiveFormModel {
  lang: 'en' | 'cy';
  action: string;
  interactionId: string;
  values: Readonly<ResponseConfiguration> | Record<string, unknown>;
  errors: { field: string; msg: string }[];
}

/** STUB (to be completed): the interactive-mode form. */
export function renderInteractiveForm(model: InteractiveFormModel): string {
  return `<!DOCTYPE html><html lang="${model.lang}"><body><form method="post" action="${model.action}"><input type="hidden" name="interactionId" value="${model.interactionId}"><button name="continue">Continue</button></form></body></html>`;
}
