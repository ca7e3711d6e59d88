import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { DonorImportResponse } from '@kindred/shared/catalogue.schemas';
import { RowErrorsTable } from '../../../components/ui/row-errors-table.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { failureMessage } from '../../../lib/server-errors.ts';
import { errorsToCsv } from '../lib/errors-csv.ts';
import { postWithProgress } from '../lib/upload-with-progress.ts';

type ImportReport = DonorImportResponse;

/** Reading the file is the first tenth of the bar, the upload the rest; then the server works (indeterminate). */
type Stage = { label: string; value: number | null } | null;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const CONSOLE_INTRO =
  'A CSV or JSON file from a partner bank (up to 5 MiB). Rows are matched by bank and bank donor id. Run a dry ' +
  'run first: it checks every row and writes nothing.';

/**
 * Imports a CSV or JSON donor file from the page (the import API, ADR 015): a dry run parses and validates and
 * writes nothing; "Import" writes. Both show a progress bar while the file uploads and the row-error report
 * ({row, field, error}) as a table that can be downloaded as CSV. The console and the clinic portal both use it
 * (one API path: the server limits a clinic account to its own bank); `onImported` refreshes the caller's lists.
 */
export function DonorImport({ intro = CONSOLE_INTRO, onImported }: { intro?: string; onImported?: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(dryRun: boolean) {
    if (!file) return;
    setReport(null);
    setFailure(null);
    setStage({ label: 'Reading the file', value: 0 });
    try {
      const format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
      const data = await file.text();
      const res = await postWithProgress(apiPaths.consoleDonorImport, { format, data, dry_run: dryRun }, (f) =>
        setStage(
          f === null
            ? { label: dryRun ? 'Checking the rows' : 'Importing', value: null }
            : { label: 'Uploading', value: 10 + f * 90 },
        ),
      );
      const body = res.body as ImportReport | null;
      // "No row could be imported" is a 400 that still carries the report.
      if (res.status === 200 || (res.status === 400 && Array.isArray(body?.errors))) {
        setReport(body);
        if (!dryRun && res.status === 200) onImported?.();
      } else throw new ApiError(res.status, res.body);
    } catch (error) {
      setFailure(failureMessage(error, 'The file could not be imported. Please try again.'));
    } finally {
      setStage(null);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="donor-import-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="donor-import-title">
          Import donors
        </Title>
        <Text size="sm" c="var(--kindred-muted)">
          {intro}
        </Text>
        <Group align="flex-end">
          <FileInput
            label="Donor file"
            accept=".csv,.json,text/csv,application/json"
            value={file}
            onChange={(f) => {
              setFile(f);
              setReport(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            miw={260}
          />
          <Button variant="default" onClick={() => void run(true)} disabled={!file || stage !== null}>
            Dry run
          </Button>
          <Button onClick={() => void run(false)} disabled={!file || stage !== null}>
            Import
          </Button>
        </Group>
        {stage && (
          <Stack gap={4}>
            <Text size="sm">{stage.label}…</Text>
            <Progress
              value={stage.value ?? 100}
              animated={stage.value === null}
              striped={stage.value === null}
              aria-label="Import progress"
            />
          </Stack>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Import failed">
            {failure}
          </Alert>
        )}
        {report && (
          <Alert
            color={!report.success ? 'red' : report.dry_run ? 'blue' : 'teal'}
            variant="light"
            role="status"
            title={!report.success ? 'Nothing to import' : report.dry_run ? 'Dry run' : 'Imported'}
          >
            {report.message}
          </Alert>
        )}
        {report && report.errors.length > 0 && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>
                {report.invalid_rows} {report.invalid_rows === 1 ? 'row' : 'rows'} with errors
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => download('donor-import-errors.csv', errorsToCsv(report.errors))}
              >
                Download errors (CSV)
              </Button>
            </Group>
            <RowErrorsTable errors={report.errors} label="Row errors" />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
