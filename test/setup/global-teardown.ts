/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/** Jest globalTeardown: removes the temporary n8n user folder made by global-setup.ts. */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
	const userFolder = process.env.N8N_TEST_USER_FOLDER;
	if (userFolder) rmSync(userFolder, { recursive: true, force: true });
}
