import { NOTICE_FAILURE_MS, NOTICE_SUCCESS_MS } from '@rakit/core';
import { notifications } from '@mantine/notifications';

/** Success notice: green, at the top, 3000 ms (spec 1 §8). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: NOTICE_SUCCESS_MS, withBorder: true });
}

/** Failure notice: red, at the top, 1500 ms (spec 1 §8). */
export function notifyFailure(message: string): void {
  notifications.show({ message, color: 'red', autoClose: NOTICE_FAILURE_MS, withBorder: true });
}

/** How long a notice that needs reading stays: what another builder changed (issue 33). */
export const NOTICE_READ_MS = 8000;

/** A neutral notice with a title, for news the person did not ask for but should read. */
export function notifyInfo(message: string, title: string): void {
  notifications.show({ title, message, color: 'blue', autoClose: NOTICE_READ_MS, withBorder: true });
}
