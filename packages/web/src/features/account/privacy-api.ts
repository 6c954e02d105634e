import type { TAccountDeleteBody, TMessageBody } from '@heliline/domain';
import { ApiError, type ApiErrorBody, NetworkError, request } from '../../api/client.ts';
import { clearStoredUser } from '../../lib/stored-user.ts';
import { meQuery } from '../../api/session.ts';
import { queryClient } from '../../lib/query-client.ts';
import { currentLang } from '../../i18n/index.ts';

/** Personal data calls (GDPR): the export as a file download, and the account deletion. */

const FALLBACK_NAME = 'heliline-personal-data.json';

/** The file name the server chose (Content-Disposition), or a fixed one. */
function fileNameOf(res: Response): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_NAME;
}

/** Fetches GET /api/user/data-export and saves it through a temporary link (the session cookie authenticates). */
export async function downloadPersonalData(): Promise<string> {
  let res: Response;
  try {
    res = await fetch('/api/user/data-export', { credentials: 'same-origin', headers: { Accept: 'application/json', 'X-Locale': currentLang() } });
  } catch (e) {
    throw new NetworkError(e);
  }
  if (!res.ok) throw new ApiError(res.status, ((await res.json().catch(() => ({}))) ?? {}) as ApiErrorBody);
  const name = fileNameOf(res);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

/** DELETE /api/user; on success the local session state is forgotten like a logout. */
export async function deleteAccount(body: TAccountDeleteBody): Promise<TMessageBody> {
  const answer = await request<TMessageBody>('DELETE', '/api/user', { body });
  clearStoredUser();
  queryClient.setQueryData(meQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'public' });
  return answer;
}
