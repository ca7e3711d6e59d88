import { Toaster } from 'react-hot-toast';
import { toastOptions } from '../lib/toast-options.ts';

/** Toasts queued before this loads are kept by react-hot-toast's store and shown once it mounts. */
export default function AppToaster() {
  return <Toaster position="top-center" toastOptions={toastOptions} containerStyle={{ top: 72 }} />;
}
