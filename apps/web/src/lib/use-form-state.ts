import { useCallback, useState } from 'react';
import type { FieldErrors } from './form-errors.ts';

/**
 * How a shown error reacts to typing: 'revalidate' re-checks fields that show an error and clears each as it
 * becomes valid (sign-in, passwords); 'clear' removes a field's error as soon as it is edited (sign-up).
 */
export type ErrorMode = 'revalidate' | 'clear';

export type FormState<V extends Record<string, unknown>> = {
  values: V;
  errors: FieldErrors<Extract<keyof V, string>>;
  setValue: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Validates everything, shows the errors, and says whether the form may be submitted. */
  validateAll: () => boolean;
  setErrors: (errors: FieldErrors<Extract<keyof V, string>>) => void;
  reset: (values: V) => void;
};

/** The one form approach of the app: plain state, validated by the shared zod schemas through `validate`. */
export function useFormState<V extends Record<string, unknown>>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
  mode: ErrorMode = 'revalidate',
): FormState<V> {
  type K = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const setValue = useCallback(
    <Key extends keyof V>(key: Key, value: V[Key]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      setErrors((prev) => {
        if (Object.keys(prev).length === 0) return prev;
        if (mode === 'clear') {
          const rest = { ...prev };
          delete rest[key as unknown as K];
          return rest;
        }
        const fresh = validate(next);
        const kept: FieldErrors<K> = {};
        for (const k of Object.keys(prev) as K[]) if (fresh[k]) kept[k] = fresh[k];
        return kept;
      });
    },
    [mode, validate, values],
  );

  const validateAll = useCallback(() => {
    const found = validate(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [validate, values]);

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, setValue, validateAll, setErrors, reset };
}
