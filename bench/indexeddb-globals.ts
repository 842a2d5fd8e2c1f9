// Node has no IndexedDB: fake-indexeddb's globals (in memory), for the mirror row only. A module
// of its own so that the row imports it when it runs, and a static side-effect import needs no types.
import 'fake-indexeddb/auto';
