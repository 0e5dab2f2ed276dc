import { setPasswordCostForTests } from '#server/features/auth/passwords.ts';

// Every test app hashes the owner's password and signing in checks it: at the production cost
// (19 MiB, two passes) that was seconds per API test file. passwords.test.ts checks that cost.
setPasswordCostForTests('test');
