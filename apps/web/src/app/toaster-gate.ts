/**
 * Whether any page that can show toasts has loaded. Public pages never toast, so the toaster (react-hot-toast and
 * its CSS-in-JS) stays off their first load; the signed-in, auth and pricing pages ask for it when they load.
 * react-hot-toast keeps toasts in its own store, so any shown before the toaster mounts still appear.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}
export const toasterWanted = () => wanted;
export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
