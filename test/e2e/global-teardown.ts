/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/** Deletes the temporary folder global-setup.ts packed the tarball into. */
import * as n8n from '../../dev/n8n';

export default async function globalTeardown(): Promise<void> {
	const dir = process.env.E2E_PACK_DIR_TO_REMOVE;
	if (dir) n8n.removeTempDir(dir); // removes only folders under the OS temp dir
}
