import { type Language, userCalls } from '@rakit/core';
import { useMutation } from '@tanstack/react-query';
import { notifyFailure, notifySuccess } from '../components/notify';
import { firstError } from '../api/request';
import { activateLanguage, t } from '../i18n/i18n';
import { storeOwnLanguage } from '../session/session-storage';
import { useCurrentApp } from './app-context';
import { languageIn } from './use-language-choice';

/**
 * Saves the signed-in person's own language on the server (his next sign-in anywhere answers
 * it) and in his stored session, then shows it at once, without a reload.
 */
export function useSaveOwnLanguage() {
  const { app, api } = useCurrentApp();
  return useMutation({
    mutationFn: async (language: Language | null) => {
      const answer = await api.call(userCalls.saveMyLanguage, { body: { language } });
      if (!answer.status) throw new Error(firstError(answer, t('internalError')));
      return language;
    },
    onSuccess: async (language) => {
      storeOwnLanguage(app.appSlug, language);
      await activateLanguage(languageIn(app));
      notifySuccess(t('languages.saved'));
    },
    onError: (error) => notifyFailure(error.message),
  });
}
