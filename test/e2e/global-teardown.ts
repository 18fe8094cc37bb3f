/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/** Deletes the temporary folders of global-setup.ts: the packed tarball's, the user folder template. */
import * as n8n from '../../dev/n8n';

export default async function globalTeardown(): Promise<void> {
	const dir = process.env.E2E_PACK_DIR_TO_REMOVE;
	if (dir) n8n.removeTempDir(dir); // removes only folders under the OS temp dir
	const template = process.env.E2E_USER_FOLDER_TEMPLATE;
	if (template) n8n.removeUserFolder(template);
}
