import { CARD_SETTING, describePageDiff, diffWordsOf, type PageConflict } from '@rakit/core';
import { type ConflictQuestion, ConflictDialog, shownValue } from '../components/ConflictDialog';
import { type Translate, useT } from '../i18n/LanguageProvider';
import { editorStore, useEditor } from '../state/editor-store';


/** The question one clash of a page merge asks. */
function question(t: Translate, conflict: PageConflict): ConflictQuestion {
  const { key } = conflict;
  const words = diffWordsOf(t);
  const { place } = words;
  const component = conflict.kind === 'order' ? '' : words.component(conflict.component);
  switch (conflict.kind) {
    case 'setting':
      return conflict.setting === CARD_SETTING
        ? {
          key,
          title: t('editor.conflict.whereItSits', { component }),
          mine: t('editor.conflict.yoursIn', { place: place(conflict.mine as string | null) }),
          theirs: t('editor.conflict.theirsIn', { place: place(conflict.theirs as string | null) }),
        }
        : {
          key,
          title: t('editor.conflict.setting', { component, setting: conflict.setting }),
          mine: t('editor.conflict.yours', { value: shownValue(conflict.mine) }),
          theirs: t('editor.conflict.theirs', { value: shownValue(conflict.theirs) }),
        };
    case 'removed':
      return conflict.removedBy === 'mine'
        ? { key, title: t('editor.conflict.youRemoved', { component }), mine: t('editor.conflict.removeIt'), theirs: t('editor.conflict.keepTheirs') }
        : { key, title: t('editor.conflict.theyRemoved', { component }), mine: t('editor.conflict.keepYours'), theirs: t('editor.conflict.removeIt') };
    case 'order':
      return {
        key,
        title: t('editor.conflict.order', { parent: conflict.parent === null ? t('editor.conflict.thePage') : words.component(conflict.parent) }),
        mine: t('editor.conflict.yourOrder'),
        theirs: t('editor.conflict.theirOrder'),
      };
  }
}

/** The editor's clash with another builder's save of the page, until the builder settles it (then the editor saves as usual). */
export function PageConflictDialog() {
  const t = useT();
  const conflict = useEditor((state) => state.conflict);
  if (conflict === null) return null;
  return (
    <ConflictDialog
      what={t('editor.thisPage')}
      who={conflict.savedBy}
      theirChanges={describePageDiff(conflict.changes, diffWordsOf(t))}
      questions={conflict.conflicts.map((clash) => question(t, clash))}
      onSettle={(settlement) => editorStore.getState().settleConflict(settlement)}
    />
  );
}
