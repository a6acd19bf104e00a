import type { OutboundRules } from '../outbound/guarded-send';
import type { SecretBox } from '../security/secret-box';
import type { Store } from '../store/db';

/** What the APIs' domain needs of the server: the store, the sealing of secrets and the outbound rules. */
export interface ApiServices {
  store: Store;
  secretBox: Pick<SecretBox, 'seal' | 'open'>;
  config: OutboundRules;
}
