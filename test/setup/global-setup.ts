/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Jest globalSetup: one temporary n8n user folder for the whole run (removed by
 * global-teardown.ts). Workers inherit the env vars; setup-env.ts then points
 * N8N_USER_FOLDER at it. The settings file is written up front so parallel workers
 * only ever read it (n8n-core's InstanceSettings would otherwise create it on first use).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- the fixed key of throwaway test instances, not a secret
export const TEST_ENCRYPTION_KEY = 'test-encryption-key-n8n-nodes-link-shortener';

export default function globalSetup(): void {
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-test-'));
	mkdirSync(join(userFolder, '.n8n'), { recursive: true });
	writeFileSync(
		join(userFolder, '.n8n', 'config'),
		JSON.stringify(
			{ encryptionKey: process.env.N8N_ENCRYPTION_KEY ?? TEST_ENCRYPTION_KEY },
			null,
			'\t',
		),
		{ mode: 0o600 },
	);
	process.env.N8N_TEST_USER_FOLDER = userFolder;
	process.env.N8N_ENCRYPTION_KEY ??= TEST_ENCRYPTION_KEY;
}
