import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  EXTRA_KINDS,
  EXTRA_LABEL,
  formatMinor,
  minorDigits,
  PRICE_MSG,
  VIAL_TYPE_LABEL,
  VIAL_TYPES,
  type PriceImportResult,
  type PriceList,
  type PriceListInput,
} from '@kindred/shared/price-lists';
import { fieldErrorsOf } from '../../../lib/api-error.ts';
import { failureMessage } from '../../../lib/server-errors.ts';
import { useDeletePriceList, useImportPriceLists, usePriceLists, useSavePriceList } from '../api/price-lists.api.ts';

/** The editor's fields: amounts as typed, in the currency's major units ("695.00"); blank = not sold. */
type Draft = {
  currency: string;
  confirmed_on: string;
  vials: Record<string, string>;
  storage: string;
  period: string;
  shippingUs: string;
  regions: string;
  extras: Record<string, string>;
  source: string;
};

// In the currency's own minor units (cents for USD, none for JPY).
const major = (minor: number | undefined, currency = 'USD') =>
  minor === undefined ? '' : (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));
const minorOf = (text: string, currency: string) =>
  text.trim() === '' ? undefined : Math.round(Number(text.trim()) * 10 ** minorDigits(currency));

function draftOf(list: PriceList | undefined): Draft {
  const major_ = (minor: number | undefined) => major(minor, list?.currency);
  return {
    currency: list?.currency ?? 'USD',
    confirmed_on: list?.confirmed_on ?? new Date().toISOString().slice(0, 10),
    vials: Object.fromEntries(VIAL_TYPES.map((t) => [t, major_(list?.vials.find((v) => v.type === t)?.price_minor)])),
    storage: major_(list?.storage.price_minor),
    period: String(list?.storage.period_months ?? 3),
    shippingUs: major_(list?.shipping.find((s) => s.region === 'US')?.price_minor),
    regions: (list?.shipping ?? [])
      .filter((s) => s.region !== 'US')
      .map((s) => `${s.region}:${major_(s.price_minor)}`)
      .join('; '),
    extras: Object.fromEntries(
      EXTRA_KINDS.map((k) => [k, major_(list?.extras.find((e) => e.kind === k)?.price_minor)]),
    ),
    source: list?.source ?? '',
  };
}

/** The request body (the server validates it with the shared schema and answers field by field). */
function bodyOf(d: Draft): PriceListInput {
  const currency = /^[A-Za-z]{3}$/.test(d.currency.trim()) ? d.currency.trim() : 'USD';
  const cents = (text: string) => minorOf(text, currency);
  const priced = <K extends string>(entries: [K, string][]) =>
    entries.flatMap(([k, v]) => (cents(v) === undefined ? [] : [[k, cents(v)!] as const]));
  return {
    currency: d.currency,
    confirmed_on: d.confirmed_on,
    vials: priced(Object.entries(d.vials)).map(([type, price_minor]) => ({ type, price_minor })),
    storage: { price_minor: cents(d.storage) ?? Number.NaN, period_months: Number(d.period) },
    shipping: [
      ...(cents(d.shippingUs) === undefined ? [] : [{ region: 'US', price_minor: cents(d.shippingUs)! }]),
      ...d.regions
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => {
          const [region = '', amount = ''] = p.split(':');
          return { region: region.trim(), price_minor: cents(amount) ?? Number.NaN };
        }),
    ],
    extras: priced(Object.entries(d.extras)).map(([kind, price_minor]) => ({ kind, price_minor })),
    source: d.source,
  } as PriceListInput;
}

/**
 * The console's price lists (issue 29, ADR 029): every bank's list with its date; admins edit one (amounts in the
 * currency's major units, stored in minor units), remove it, or import many from CSV or JSON with each bad row
 * reported. Every change is audited by the server.
 */
export function PriceListsConsole({ canEdit, banks }: { canEdit: boolean; banks: readonly string[] }) {
  const lists = usePriceLists();
  const [bank, setBank] = useState('');
  const byBank = new Map((lists.data?.price_lists ?? []).map((l) => [l.bank_name, l]));
  const allBanks = [...new Set([...banks, ...byBank.keys()])].sort();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="price-lists-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="price-lists-title">
          Price lists
        </Title>
        <Text size="sm" c="var(--kindred-muted)">
          What each bank charges, from which parents see an estimate on every donor. A bank without a list reads “
          {PRICE_MSG.notListed}”.
        </Text>
        {lists.isError && (
          <Alert color="red">{failureMessage(lists.error, 'We could not load the price lists.')}</Alert>
        )}
        {/* Three short columns that wrap: no sideways scroll at 390 px. */}
        <Table withTableBorder verticalSpacing={4} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Bank</Table.Th>
              <Table.Th scope="col">Vials</Table.Th>
              <Table.Th scope="col">Confirmed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {allBanks.map((b) => {
              const l = byBank.get(b);
              return (
                <Table.Tr key={b}>
                  <Table.Th scope="row" fw={500}>
                    {b}
                  </Table.Th>
                  <Table.Td>
                    {l
                      ? l.vials
                          .map((v) => `${VIAL_TYPE_LABEL[v.type]} ${formatMinor(v.price_minor, l.currency)}`)
                          .join(', ')
                      : PRICE_MSG.notListed}
                  </Table.Td>
                  <Table.Td>{l?.confirmed_on ?? '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {canEdit && (
          <>
            <NativeSelect
              label="Edit the list of"
              data={[{ value: '', label: 'Choose a bank' }, ...allBanks]}
              value={bank}
              onChange={(e) => setBank(e.currentTarget.value)}
            />
            {bank && <PriceListEditor key={bank} bank={bank} list={byBank.get(bank)} />}
            <PriceImport />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PriceListEditor({ bank, list }: { bank: string; list: PriceList | undefined }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(list));
  const save = useSavePriceList();
  const remove = useDeletePriceList();
  const errors = fieldErrorsOf(save.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const errorAt = (prefix: string) =>
    Object.entries(errors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
      .map(([, m]) => m)[0];
  return (
    <form
      aria-label={`Price list of ${bank}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ bank, body: bodyOf(draft) }, { onSuccess: () => toast.success(PRICE_MSG.saved) });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Currency"
            value={draft.currency}
            error={errors.currency}
            onChange={(e) => set({ currency: e.currentTarget.value })}
          />
          <TextInput
            label="Last confirmed (YYYY-MM-DD)"
            value={draft.confirmed_on}
            error={errors.confirmed_on}
            onChange={(e) => set({ confirmed_on: e.currentTarget.value })}
          />
          <TextInput label="Source" value={draft.source} onChange={(e) => set({ source: e.currentTarget.value })} />
        </SimpleGrid>
        <Text size="sm" fw={600}>
          Prices in {draft.currency || 'the currency'}, e.g. 695.00; leave blank what the bank does not sell
        </Text>
        {errorAt('vials') && (
          <Text size="sm" c="red.8" role="alert">
            {errorAt('vials')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {VIAL_TYPES.map((t) => (
            <TextInput
              key={t}
              label={VIAL_TYPE_LABEL[t]}
              inputMode="decimal"
              value={draft.vials[t]}
              onChange={(e) => set({ vials: { ...draft.vials, [t]: e.currentTarget.value } })}
            />
          ))}
          <TextInput
            label="Storage, per period"
            inputMode="decimal"
            value={draft.storage}
            error={errorAt('storage.price_minor')}
            onChange={(e) => set({ storage: e.currentTarget.value })}
          />
          <TextInput
            label="Period (months)"
            inputMode="numeric"
            value={draft.period}
            error={errorAt('storage.period_months')}
            onChange={(e) => set({ period: e.currentTarget.value })}
          />
          <TextInput
            label="Shipping, per shipment (US)"
            inputMode="decimal"
            value={draft.shippingUs}
            onChange={(e) => set({ shippingUs: e.currentTarget.value })}
          />
          <TextInput
            label="Other regions (IL:385.50; HI:450)"
            value={draft.regions}
            error={errorAt('shipping')}
            onChange={(e) => set({ regions: e.currentTarget.value })}
          />
          {EXTRA_KINDS.map((k) => (
            <TextInput
              key={k}
              label={EXTRA_LABEL[k]}
              inputMode="decimal"
              value={draft.extras[k]}
              error={errorAt(`extras`)}
              onChange={(e) => set({ extras: { ...draft.extras, [k]: e.currentTarget.value } })}
            />
          ))}
        </SimpleGrid>
        {save.isError && Object.keys(errors).length === 0 && (
          <Alert color="red">{failureMessage(save.error, 'The list was not saved.')}</Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save price list
          </Button>
          {list && (
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(bank, { onSuccess: (r) => toast.success(r.message) })}
            >
              Remove price list
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function PriceImport() {
  const [data, setData] = useState('');
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [report, setReport] = useState<PriceImportResult | null>(null);
  const run = useImportPriceLists();
  const go = (dryRun: boolean) =>
    run.mutate({ format, data, dry_run: dryRun }, { onSuccess: (r) => setReport(r), onError: () => setReport(null) });
  return (
    <Stack gap="sm" component="section" aria-labelledby="price-import-title">
      <Title order={3} fz="md" id="price-import-title">
        Import price lists
      </Title>
      <Text size="sm" c="var(--kindred-muted)">
        CSV columns: bank_name, currency, confirmed_on, iui, ici, egg_cohort, fresh_cycle, storage,
        storage_period_months, shipping_us, shipping_regions, extended_profile, photos, source (amounts in cents).
      </Text>
      <NativeSelect
        label="Format"
        data={[
          { value: 'csv', label: 'CSV' },
          { value: 'json', label: 'JSON' },
        ]}
        value={format}
        onChange={(e) => setFormat(e.currentTarget.value as 'csv' | 'json')}
      />
      <Textarea
        label="File content"
        autosize
        minRows={3}
        maxRows={10}
        value={data}
        error={fieldErrorsOf(run.error).data}
        onChange={(e) => setData(e.currentTarget.value)}
      />
      <Group>
        <Button variant="default" onClick={() => go(true)} disabled={!data.trim()} loading={run.isPending}>
          Check price lists (dry run)
        </Button>
        <Button onClick={() => go(false)} disabled={!data.trim()} loading={run.isPending}>
          Import price lists
        </Button>
      </Group>
      {report && (
        <Stack gap={4} role="status">
          <Text size="sm">
            {report.dry_run ? 'Dry run: ' : ''}
            {report.saved} of {report.received} lists {report.dry_run ? 'would be saved' : 'saved'}
            {report.rejected.length > 0 ? `; ${report.rejected.length} rows rejected` : ''}.
          </Text>
          {report.rejected.map((r) => (
            <Text size="sm" c="red.8" key={r.row}>
              Row {r.row}
              {r.bank_name ? ` (${r.bank_name})` : ''}: {r.errors.map((e) => `${e.field} ${e.error}`).join('; ')}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
