/* A stand-in for the server in the web's unit tests: each call answers as the test says. */
import type { AnyCall, ClientInputOf, ConflictOf, DataOf } from '@rakit/core';
import type { ApiAnswer, AppApi, CallOptions } from './client';

export type CallAnswer<C extends AnyCall> = (input: ClientInputOf<C>, options: CallOptions) => Promise<ApiAnswer<DataOf<C>, ConflictOf<C>>>;

export interface TestApi extends AppApi {
  /** Answers `contract` with `answer` from now on (replacing an earlier one); an unanswered call fails the test. */
  on<C extends AnyCall>(contract: C, answer: CallAnswer<C>): TestApi;
}

export function testApi(appSlug = 'test'): TestApi {
  const answers = new Map<AnyCall, (input: never, options: CallOptions) => Promise<unknown>>();
  const api: TestApi = {
    appSlug,
    call: (contract, input, options = {}) => {
      const answer = answers.get(contract);
      if (answer === undefined) return Promise.reject(new Error(`The test gave no answer to ${contract.method} ${contract.path}`));
      return answer(input as never, options) as never;
    },
    download: (contract) => Promise.reject(new Error(`The test gave no file for ${contract.method} ${contract.path}`)),
    on: (contract, answer) => {
      answers.set(contract, answer as (input: never, options: CallOptions) => Promise<unknown>);
      return api;
    },
  };
  return api;
}
