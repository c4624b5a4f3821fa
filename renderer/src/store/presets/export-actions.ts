import type { ExportFormat } from '../../../../server/src/contract.js';
import { describeApiError } from '../../api/result.js';
import type { PresetsTools } from './presets-tools.js';

/** The Export… dialog: a saved scenario as text in one of the export formats. */
export interface ExportActions {
  openExport(id: string, format?: ExportFormat): Promise<void>;
  closeExport(): void;
}

export function createExportActions(t: PresetsTools): ExportActions {
  const { set, get, api } = t;
  return {
    async openExport(id, format = get().exportState?.format ?? 'json') {
      const seq = ++t.seq.export;
      set({
        dialog: 'export',
        exportState: { id, format, status: 'loading', text: '', error: null },
      });
      const result = await api.exportScenario(id, format);
      if (seq !== t.seq.export || get().exportState === null) return;
      set({
        exportState: result.ok
          ? { id, format, status: 'ready', text: result.value, error: null }
          : { id, format, status: 'error', text: '', error: describeApiError(result.error) },
      });
    },
    closeExport: () => {
      t.seq.export++;
      set({ exportState: null, dialog: null });
    },
  };
}
