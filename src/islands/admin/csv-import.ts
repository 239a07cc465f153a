import { useState } from 'react';
import { decodeCsvBytes } from '~/lib/learning/class-admin';

/**
 * The state of a screen's CSV import, the same for every import (students of a class, questions,
 * certificates): a file is read in the browser (UTF-8 with or without BOM, else GBK), checked first
 * (a dry run with its per-row report), then applied; picking another file forgets the report, so
 * only a checked file can be applied.
 */
export function useCsvImport<R>(send: (csv: string, apply: boolean) => Promise<R>, on: { applied: (report: R) => void; failed: (error: unknown) => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    setReport(null);
    setCsv(file ? decodeCsvBytes(new Uint8Array(await file.arrayBuffer())) : null);
  }

  async function run(apply: boolean) {
    if (csv === null) return;
    setBusy(true);
    try {
      const r = await send(csv, apply);
      setReport(r);
      if (apply) on.applied(r);
    } catch (e) {
      on.failed(e);
    } finally {
      setBusy(false);
    }
  }

  return { csv, report, busy, pick, run };
}
