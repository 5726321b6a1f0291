import { useCallback, useEffect, useRef, useState } from 'react';
import { http, HttpError } from '../lib/http.ts';
import { jobFinished, type ImportJob, type ImportKind } from '../common/import-job.ts';

/** How often a running import is asked for its progress (ms). */
export const IMPORT_POLL_MS = 600;

const storedId = (key: string) => {
  const v = Number(globalThis.localStorage?.getItem(key));
  return Number.isInteger(v) && v > 0 ? v : null;
};

/**
 * Follows one background import (GET import-job/{id}, DESIGN.md §4) for a screen, so its
 * progress outlives the import modal and a page reload: the running job's id is kept in
 * localStorage under `storageKey` and polled every IMPORT_POLL_MS until done or failed. The
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
      if (!gone && r.data && !jobFinished(r.data)) { localStorage.setItem(storageKey, String(r.data.id)); setId(r.data.id); }
    }, console.error);
    return () => { gone = true; };
  }, [storageKey, resumeKind]);

  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const forget = () => { localStorage.removeItem(storageKey); setId(null); };
    const poll = async () => {
      try {
        const j = (await http.get<ImportJob>(`import-job/${id}`)).data;
        if (stopped) return;
        setJob(j);
        if (jobFinished(j)) { forget(); finish.current(j); return; }
      } catch (err) {
        if (stopped) return;
        if (err instanceof HttpError && (err.status === 404 || err.status === 401)) { forget(); setJob(null); return; }
        console.error(err); // a passing network fault: ask again
      }
      timer = setTimeout(() => void poll(), IMPORT_POLL_MS);
    };
    void poll();
    return () => { stopped = true; clearTimeout(timer); };
  }, [id, storageKey]);

  const start = useCallback((jobId: number) => {
    localStorage.setItem(storageKey, String(jobId));
    setJob(null);
    setId(jobId);
  }, [storageKey]);
  return { job: id === null ? null : job, running: id !== null, start };
}

export type ImportJobState = ReturnType<typeof useImportJob>;
