import { type FieldConflict, type MergeSettlement, mergeRecords, sameJson } from '@rakit/core';
import { type ReactNode, useState } from 'react';
import { type ApiAnswer, ApiUnreachableError } from '../api/client';
import { ConflictDialog, shownValue } from '../components/ConflictDialog';
import { notifyInfo } from '../components/notify';
import { t } from '../i18n/i18n';

/** How many times in a row a write merges with a newer stored object before it gives up and shows the refusal. */
const MERGE_ATTEMPTS = 3;

/**
 * What a write came to: the server's last answer (null when none came) with the values last sent
 * (merged ones after a stale write), or the stored object he chose to keep instead.
 */
export type RevisedWrite<D, C, T = unknown> = { answer: ApiAnswer<D, C> | null; values?: T } | { theirs: C };

/** How the dialog names a field: its label, and how it shows a value (shownValue unless given). */
export type FieldLabel = string | { label: string; show: (value: unknown) => string };

interface Asking {
  /** Who saved it last (null: not known). */
  who: string | null;
  conflicts: FieldConflict[];
  theirChanges: string[];
  settle: (settlement: MergeSettlement) => void;
}

/**
 * Writes an object an administrator edits as a form, based on the revision he loaded (issue 33).
 * A write refused because another saved it first is merged with what they stored, field by
 * field: without clashes at once (he is told what they changed), else after he answers the
 * dialog (both, only his, only theirs); then it is written again, based on their revision.
 * `labels` names the form's fields as the screen shows them; `dialog` goes in the screen.
 */
export function useStaleWrite<T extends Record<string, unknown>>(what: string, labels: Record<keyof T & string, FieldLabel>): {
  write: <D, C>(options: {
    /** The object as loaded, his form's values, and the revision they were loaded at. */
    base: T; mine: T; revision: number;
    send: (values: T, revision: number) => Promise<ApiAnswer<D, C>>;
    /** The form's values of a stored object, and its revision. */
    fieldsOf: (current: C) => T;
    revisionOf: (current: C) => number;
  }) => Promise<RevisedWrite<D, C, T>>;
  /**
   * A create-or-edit dialog's save through one call: a new object (`editing` null) is sent as it
   * is; an edit goes through `write`, based on `editing`'s revision, its fields those `labels`
   * names. Answers the last answer (null when none came), or 'theirs' when the builder kept what
   * another saved (the screen then shows that).
   */
  saveForm: <B extends T, D, C extends T & { revision: number }>(options: {
    editing: (T & { revision: number }) | null;
    body: B;
    send: (body: B & { revision?: number }) => Promise<ApiAnswer<D, C>>;
  }) => Promise<ApiAnswer<D, C> | null | 'theirs'>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const named = (key: string): FieldLabel | undefined => labels[key as keyof T & string];
  const label = (key: string) => {
    const field = named(key);
    return field === undefined ? key : typeof field === 'string' ? field : field.label;
  };
  const show = (key: string, value: unknown) => {
    const field = named(key);
    return typeof field === 'object' ? field.show(value) : shownValue(value);
  };

  /** The values to write after a stale write, or null when he keeps theirs. */
  const merged = (base: T, mine: T, theirs: T, who: string | null): Promise<T | null> => {
    const merge = mergeRecords(base, mine, theirs);
    const theirChanges = Object.keys(labels).filter((key) => !sameJson(base[key], theirs[key])).map((key) => `${label(key)}: ${show(key, theirs[key])}`);
    if (merge.conflicts.length === 0) {
      notifyInfo(
        theirChanges.length === 0
          ? (who === null ? t('shell.merge.savedTooUnknown', { what }) : t('shell.merge.savedToo', { who, what }))
          : theirChanges.join('; '),
        who === null ? t('shell.merge.titleUnknown') : t('shell.merge.title', { who }),
      );
      return Promise.resolve(merge.merged);
    }
    return new Promise((resolve) => setAsking({
      who,
      conflicts: merge.conflicts,
      theirChanges,
      settle: (settlement) => {
        setAsking(null);
        if (settlement.keep === 'theirs') resolve(null);
        else resolve(settlement.keep === 'mine' ? mine : mergeRecords(base, mine, theirs, settlement.choices).merged);
      },
    }));
  };

  const write: ReturnType<typeof useStaleWrite<T>>['write'] = async ({ base, mine, revision, send, fieldsOf, revisionOf }) => {
    let values = mine;
    let basedOn = revision;
    let loaded = base;
    for (let attempt = 1; ; attempt++) {
      let answer;
      try {
        answer = await send(values, basedOn);
      } catch (error) {
        if (!(error instanceof ApiUnreachableError)) throw error;
        console.error(error);
        return { answer: null };
      }
      const current = answer.conflict;
      if (current === undefined || attempt > MERGE_ATTEMPTS) return { answer, values };
      const theirs = fieldsOf(current);
      const next = await merged(loaded, values, theirs, answer.savedBy ?? null);
      if (next === null) return { theirs: current };
      values = next;
      loaded = theirs;
      basedOn = revisionOf(current);
    }
  };

  /** The form's fields of an object: those `labels` names. */
  const pick = (object: T): T => Object.fromEntries(Object.keys(labels).map((key) => [key, object[key]])) as T;

  const saveForm: ReturnType<typeof useStaleWrite<T>>['saveForm'] = async ({ editing, body, send }) => {
    if (editing === null) {
      try {
        return await send(body);
      } catch (error) {
        if (!(error instanceof ApiUnreachableError)) throw error;
        console.error(error);
        return null;
      }
    }
    const written = await write({
      base: pick(editing), mine: pick(body), revision: editing.revision,
      send: (values, revision) => send({ ...body, ...values, revision }),
      fieldsOf: pick, revisionOf: (current) => current.revision,
    });
    return 'theirs' in written ? 'theirs' : written.answer;
  };

  const dialog = asking === null ? null : (
    <ConflictDialog
      what={what}
      who={asking.who}
      theirChanges={asking.theirChanges}
      questions={asking.conflicts.map((conflict) => ({
        key: conflict.key, title: label(conflict.key), mine: t('shell.conflict.yours', { value: show(conflict.key, conflict.mine) }), theirs: t('shell.conflict.theirs', { value: show(conflict.key, conflict.theirs) }),
      }))}
      onSettle={asking.settle}
    />
  );
  return { write, saveForm, dialog };
}
