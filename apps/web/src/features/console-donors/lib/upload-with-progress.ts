import { ApiError } from '../../../lib/api-error.ts';
import { buildUrl, refreshAccessToken } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';

/** Upload progress from 0 to 1; `null` once the body is sent and the server is working on it. */
export type UploadProgress = (fraction: number | null) => void;

function once(path: string, body: string, onProgress: UploadProgress): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : 0);
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = { raw: xhr.responseText };
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { message: 'Could not reach the server. Check your connection and try again.' }));
    xhr.send(body);
  });
}

/**
 * POSTs JSON with upload progress (fetch has no upload progress in browsers yet): the one place the console does
 * not use the app's API client, with the same rules (bearer token, one retry after a silent refresh on 401,
 * failures as ApiError). Resolves with the status and body; the caller decides which 4xx carry a usable report.
 */
export async function postWithProgress(path: string, payload: unknown, onProgress: UploadProgress) {
  const body = JSON.stringify(payload);
  let res = await once(path, body, onProgress);
  if (res.status === 401 && (await refreshAccessToken())) res = await once(path, body, onProgress);
  return res;
}
