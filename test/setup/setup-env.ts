/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Jest `setupFiles` module: runs in every test file's environment before any test module
 * (and so before n8n-core) is loaded.
 *
 * n8n-core's InstanceSettings reads N8N_USER_FOLDER / N8N_ENCRYPTION_KEY when first created;
 * without them it would create (and write a config file into) ~/.n8n. The folder normally
 * comes from global-setup.ts (one temp dir per jest run, removed by global-teardown.ts);
 * without that (another jest config), a per-process folder under the OS temp dir is used.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- the fixed key of throwaway test instances, not a secret
const TEST_ENCRYPTION_KEY = 'test-encryption-key-n8n-nodes-link-shortener';

let userFolder = process.env.N8N_TEST_USER_FOLDER;
if (!userFolder) {
	userFolder = join(tmpdir(), `n8n-test-${process.pid}`);
	mkdirSync(userFolder, { recursive: true });
}
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_ENCRYPTION_KEY ??= TEST_ENCRYPTION_KEY;
// Keep n8n quiet and deterministic in tests.
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.env.GENERIC_TIMEZONE ??= 'UTC';
