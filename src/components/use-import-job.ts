import { useCallback, useEffect, useRef, useState } from 'react';
import { http, HttpError } from '../lib/http.ts';
import { jobFinished, type ImportJob, type ImportKind } from '../common/import-job.ts';
import { personal } from '../lib/storage.ts';

/** How often a running import is asked for its progress (ms). */
export const IMPORT_POLL_MS = 600;

const storedId = (key: string) => {
  const v = Number(personal.get(key) ?? '');
  return Number.isInteger(v) && v > 0 ? v : null;
};

/** Keeps a running job's id; full or disabled storage only costs following it after a reload. */
const keep = (key: string, id: number) => {
  try {
    personal.set(key, String(id));
  } catch {
    /* storage full or off */
  }
};

/**
 * Follows one background import (GET import-job/{id}, DESIGN.md §4) for a screen, so its
 * progress outlives the import modal and a page reload: the running job's id is kept as the
 * signed-in user's personal value `storageKey` (lib/storage.ts: gone at sign-out) and polled every IMPORT_POLL_MS until done or failed. The
 * server answers 404 for a job another user started, so an id left by another sign-in is
 * dropped; with `resumeKind` and no id kept, the user's running import of that kind is asked
 * for (GET import-job/current). `onFinish(job)` runs once when the job ends (done or failed).
 * Returns the latest report (`job`, null before the first), `running`, and `start(jobId)`.
 */
export function useImportJob(storageKey: string, onFinish: (job: ImportJob) => void, resumeKind?: ImportKind) {
  const [id, setId] = useState<number | null>(() => storedId(storageKey));
  const [job, setJob] = useState<ImportJob | null>(null);
  const finish = useRef(onFinish);
  finish.current = onFinish;
  useEffect(() => {
    const stored = storedId(storageKey);
    setId(stored);
    setJob(null);
    if (stored !== null || !resumeKind) return;
    // No id kept here (another browser, cleared storage): ask for this user's running import.
    let gone = false;
    http.get<ImportJob | null>(`import-job/current?kind=${resumeKind}`).then((r) => {
      if (!gone && r.data && !jobFinished(r.data)) {
        keep(storageKey, r.data.id);
        setId(r.data.id);
      }
    }, console.error);
    return () => {
      gone = true;
    };
  }, [storageKey, resumeKind]);

  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const forget = () => {
      personal.remove(storageKey);
      setId(null);
    };
    const poll = async () => {
      try {
        const j = (await http.get<ImportJob>(`import-job/${id}`)).data;
        if (stopped) return;
        setJob(j);
        if (jobFinished(j)) {
          forget();
          finish.current(j);
          return;
        }
      } catch (err) {
        if (stopped) return;
        if (err instanceof HttpError && (err.status === 404 || err.status === 401)) {
          forget();
          setJob(null);
          return;
        }
        console.error(err); // a passing network fault: ask again
      }
      timer = setTimeout(() => void poll(), IMPORT_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, storageKey]);

  const start = useCallback(
    (jobId: number) => {
      keep(storageKey, jobId);
      setJob(null);
      setId(jobId);
    },
    [storageKey],
  );
  return { job: id === null ? null : job, running: id !== null, start };
}

export type ImportJobState = ReturnType<typeof useImportJob>;
