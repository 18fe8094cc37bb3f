/**
 * Jest `setupFiles` module: runs in every test worker before any test module is loaded.
 *
 * n8n-core's InstanceSettings reads N8N_USER_FOLDER / N8N_ENCRYPTION_KEY when it is first
 * created; without them it would create (and write a config file into) ~/.n8n.
 * Each worker process gets its own temporary user folder, removed when the worker exits.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const userFolder = join(tmpdir(), `n8n-test-${process.pid}`);
mkdirSync(userFolder, { recursive: true });
process.env.N8N_USER_FOLDER = userFolder;
if (process.env.N8N_TEST_USER_FOLDER_CLEANUP !== userFolder) {
	process.env.N8N_TEST_USER_FOLDER_CLEANUP = userFolder;
	process.once('exit', () => {
		try {
			rmSync(userFolder, { recursive: true, force: true });
		} catch {
			// best effort
		}
	});
}
process.env.N8N_ENCRYPTION_KEY ??= 'test-encryption-key-n8n-nodes-link-shortener';
// Keep n8n quiet and deterministic in tests.
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.env.GENERIC_TIMEZONE ??= 'UTC';
