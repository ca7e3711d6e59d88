import { TOAST_DURATION_MS, TOAST_SUCCESS_DURATION_MS } from '@kindred/shared';
import type { DefaultToastOptions } from 'react-hot-toast';

/**
 * Toast durations (spec section 4): 4000 ms for blank, error and custom, 2000 ms for success, none for loading.
 * The cap of 20 visible toasts (TOAST_LIMIT) is react-hot-toast's own built-in limit, so nothing is set for it.
 */
export const toastOptions: DefaultToastOptions = {
  duration: TOAST_DURATION_MS,
  error: { duration: TOAST_DURATION_MS },
  loading: { duration: Infinity },
  custom: { duration: TOAST_DURATION_MS },
  style: { borderRadius: '12px', padding: '10px 14px', color: '#1f2a2a', maxWidth: '420px' },
  success: { duration: TOAST_SUCCESS_DURATION_MS, iconTheme: { primary: '#0f6e6e', secondary: '#fff' } },
};
