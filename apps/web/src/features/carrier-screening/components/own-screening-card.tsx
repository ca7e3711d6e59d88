import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { GENE_INFO, GENES, variantClassesOf, type Gene } from '@kindred/shared/genetics';
import { VARIANT_CLASS_LABEL } from '@kindred/shared/genetics-labels';
import { errorMessage } from '../../../lib/api-error.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useParentScreen, useRemoveParentScreen, useSaveParentScreen } from '../api/carrier-screening.api.ts';
import {
  emptyOwnScreen,
  GENES_WITH_CLASSES,
  ownScreenForm,
  ownScreenFrom,
  toParentScreen,
  type OwnScreenValues,
} from '../lib/own-screen-form.ts';

const validate = schemaResolver(ownScreenForm, { sync: true });
const geneLabel = (g: Gene) => `${GENE_INFO[g].label}: ${GENE_INFO[g].condition}`;

/**
 * "Your own carrier screening" on the profile (issue 24): the panel the parent had (or "I don't know") and the
 * genes where they carry something. Matching then compares each donor with it gene by gene; a gene the parent was
 * not tested for is shown as unknown, never as compatible.
 */
export function OwnScreeningCard() {
  const screen = useParentScreen();
  const save = useSaveParentScreen();
  const remove = useRemoveParentScreen();
  const form: UseFormReturnType<OwnScreenValues> = useForm<OwnScreenValues>({
    initialValues: emptyOwnScreen,
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const saved = screen.data?.screen ?? null;
  useEffect(() => {
    if (screen.data) form.setValues(ownScreenFrom(screen.data.screen));
    // Only when the saved screen changes; the form's own edits must not be overwritten.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen.data]);

  const v = form.values;
  const carrierOptions = v.knowsPanel === 'yes' ? GENES.filter((g) => v.covered.includes(g)) : GENES;
  const submit = (values: OwnScreenValues) =>
    save.mutate(toParentScreen(values), {
      onSuccess: () => toast.success('Your carrier screening has been saved.'),
      onError: (e) => toast.error(errorMessage(e, 'We could not save your carrier screening. Please try again.')),
    });
  const clear = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Your carrier screening has been removed.'),
      onError: (e) => toast.error(errorMessage(e, 'We could not remove your carrier screening. Please try again.')),
    });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="own-screening-title">
      <Title order={2} size="h4" id="own-screening-title">
        Your own carrier screening
      </Title>
      <Text size="sm" c="var(--kindred-muted)" mt={4} mb="md">
        If you have had carrier screening, tell us which panel and where you carry something. We compare each donor with
        you gene by gene; a gene you were not tested for is shown as unknown, never as compatible. This is health
        information: it is used only with your consent, included in your data download and deleted with your account.
      </Text>
      {screen.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading your carrier screening…</Text>
        </Group>
      ) : screen.error ? (
        <Alert color="red" variant="light" title="We could not load your carrier screening">
          {errorMessage(screen.error, 'Please check your connection and try again.')}
        </Alert>
      ) : (
        <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
          <Stack gap="md">
            <Radio.Group
              label="Do you know which screening panel you had?"
              withAsterisk
              {...form.getInputProps('knowsPanel')}
            >
              <Group mt="xs">
                <Radio value="yes" label="Yes, I know the panel and its genes" />
                <Radio value="no" label="I don't know" />
              </Group>
            </Radio.Group>
            {v.knowsPanel === 'yes' && (
              <>
                <TextInput
                  label="Panel name"
                  withAsterisk
                  placeholder="e.g. the lab's panel name"
                  {...form.getInputProps('panelName')}
                />
                <Checkbox.Group label="Genes your panel covered" withAsterisk {...form.getInputProps('covered')}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                    {GENES.map((g) => (
                      <Checkbox key={g} value={g} label={geneLabel(g)} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              </>
            )}
            {v.knowsPanel !== '' && (
              <Checkbox.Group
                label="Genes where you carry something"
                description="Leave all unticked if your screen found nothing."
                {...form.getInputProps('carrierGenes')}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                  {carrierOptions.map((g) => (
                    <Checkbox key={g} value={g} label={geneLabel(g)} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
            {GENES_WITH_CLASSES.filter((g) => v.carrierGenes.includes(g)).map((g) => (
              <Select
                key={g}
                label={`Your ${GENE_INFO[g].label} variant`}
                description="If your report names it: it changes which donors are a risk for you."
                placeholder="Not stated"
                clearable
                data={variantClassesOf(g).map((c) => ({ value: c, label: VARIANT_CLASS_LABEL[c] }))}
                value={v.variants[g] || null}
                onChange={(c) => form.setFieldValue('variants', { ...v.variants, [g]: c ?? '' })}
              />
            ))}
            <Group justify="flex-end" gap="sm">
              {saved && (
                <Button variant="default" color="red" onClick={clear} loading={remove.isPending}>
                  Remove my carrier screening
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                Save carrier screening
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
