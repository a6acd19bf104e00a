import { PASSWORD_MIN_LENGTH, PHONE_PREFIX } from '@rakit/core';

/** Help texts of the main application's sign-in screen, in Indonesian like the screen. */
export const registrationRequirements = {
  label: 'Syarat Pendaftaran',
  title: 'Syarat Pendaftaran',
  items: [
    `Username adalah nomor WhatsApp aktif yang diawali ${PHONE_PREFIX}.`,
    `Password minimal ${PASSWORD_MIN_LENGTH} karakter.`,
    'Satu nomor hanya dapat didaftarkan satu kali.',
  ],
} as const;

export const tutorial = {
  label: 'Tutorial',
  title: 'Tutorial',
  items: [
    'Daftar dengan nomor WhatsApp aktif Anda.',
    'Masuk (Sign In) dengan nomor dan password tersebut.',
    "Di halaman Home, klik 'Create New App' untuk membuat aplikasi.",
    "Klik 'Open' pada kartu aplikasi untuk membuka halaman login aplikasi tersebut.",
  ],
} as const;
