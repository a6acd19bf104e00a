import { create } from 'zustand';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useT } from '../i18n/LanguageProvider';

/**
 * Signing out with saved entries not yet sent (issue 38) asks first: signing out removes them
 * from the device. One question at a time, answered by the dialog below (mounted once per
 * application, in AppScope).
 */
interface Question {
  count: number;
  answer: (signOut: boolean) => void;
}

const useQuestion = create<{ question: Question | null }>(() => ({ question: null }));

/** Asks whether to sign out and lose `count` unsent entries; true: sign out. */
export function askBeforeLosingWrites(count: number): Promise<boolean> {
  return new Promise((resolve) => {
    useQuestion.getState().question?.answer(false);
    useQuestion.setState({ question: { count, answer: resolve } });
  });
}

export function UnsentWritesQuestion() {
  const t = useT();
  const question = useQuestion((state) => state.question);
  const answer = (signOut: boolean) => {
    question?.answer(signOut);
    useQuestion.setState({ question: null });
  };
  return (
    <ConfirmDialog
      opened={question !== null}
      message={t('shell.offline.unsentOnLogout', { count: question?.count ?? 0 })}
      confirmLabel={t('shell.offline.signOutAnyway')}
      onConfirm={async () => answer(true)}
      onClose={() => answer(false)}
    />
  );
}
