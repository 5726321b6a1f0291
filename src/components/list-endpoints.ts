import { http, qs } from '../lib/http.ts';
import { downloadFile } from '../lib/download.ts';
import type { Paginator } from '../lib/types.ts';
import type { ExportFormat } from '../common/list-export.ts';
import { bulkBody, type Selection } from './selection.ts';
import type { ListParams } from './use-list.ts';

/**
 * The calls of one paged list under the list wire contract: `list(params)` GET `<path>?…`,
 * `bulkDelete` POST `<path>/bulk-delete` (ids, or all=1 with the filter), `bulkStatus` POST
 * `<path>/bulk-status` (ids and status), `exportList` GET `<path>/export?…` saved as
 * `<file>.csv`, or with `format` 'xlsx' GET `<path>/export?…&format=xlsx` saved as `<file>.xlsx`. `scope` (e.g. event_id, company_id) goes with every call, as the list sends it.
 * Every parameter is optional on the server, so `list({ page })` is today's call.
 */
export function listEndpoints<T>(path: string, file: string, scope: ListParams = {}) {
  return {
    list: async (p: ListParams) => (await http.get<Paginator<T>>(`${path}${qs({ ...scope, ...p })}`)).data,
    bulkDelete: (s: Selection, params: ListParams) => http.post<{ deleted: number }>(`${path}/bulk-delete`, { ...scope, ...bulkBody(s, params) }),
    // The list's own filters (a `status` tab among them) go in the address: `status` in the body is the new one.
    bulkStatus: (s: Selection, params: ListParams, status: number | string) => {
      const { ids, all, ...filters } = bulkBody(s, params);
      return http.post<{ updated: number }>(`${path}/bulk-status${qs({ ...scope, ...filters })}`, { ids, all, status });
    },
    exportList: (params: ListParams, format: ExportFormat = 'csv') =>
      downloadFile(`${path}/export${qs({ ...scope, ...params, ...(format === 'csv' ? {} : { format }) })}`, `${file}.${format}`),
  };
}
