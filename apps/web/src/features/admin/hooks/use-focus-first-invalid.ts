import { useCallback, useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * Returns a function that moves focus to the first input of the form marked invalid, once React has rendered the
 * messages: after the commit, not on a timer, because errors from a failed request are rendered asynchronously.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, request]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
