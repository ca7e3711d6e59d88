import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The form's ref and a function that moves focus to its first input marked invalid, for every form's failed submit
 * (Mantine's `form.onSubmit(save, focusFirstInvalid)`) and for field errors from a refused save. It acts once React
 * has rendered the messages, after the commit rather than on a timer: `aria-invalid` is set only then, and errors
 * from a failed request arrive outside any event.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { formRef, focusFirstInvalid };
}
