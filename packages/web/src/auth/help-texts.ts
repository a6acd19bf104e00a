import { PASSWORD_MIN_LENGTH, PHONE_PREFIX } from '@rakit/core';
import type { Translate } from '../i18n/LanguageProvider';

/** A help link's words: its link and title, and its points. */
export interface HelpText {
  label: string;
  title: string;
  items: readonly string[];
}

/** Help texts of the main application's sign-in screen (Indonesian in the specification's catalog, like the screen). */
export const registrationRequirements = (t: Translate): HelpText => ({
  label: t('shell.help.requirements.title'),
  title: t('shell.help.requirements.title'),
  items: [
    t('shell.help.requirements.phone', { prefix: PHONE_PREFIX }),
    t('shell.help.requirements.password', { min: String(PASSWORD_MIN_LENGTH) }),
    t('shell.help.requirements.once'),
  ],
});

export const tutorial = (t: Translate): HelpText => ({
  label: t('shell.help.tutorial.title'),
  title: t('shell.help.tutorial.title'),
  items: [
    t('shell.help.tutorial.register'),
    t('shell.help.tutorial.signIn'),
    t('shell.help.tutorial.createApp'),
    t('shell.help.tutorial.openApp'),
  ],
});
