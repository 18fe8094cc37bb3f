/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_VERSION } from '../../nodes/LinkShortener/http/endpoints';

test('the version the node tells destinations (its User-Agent) is the package’s', () => {
	const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
		version: string;
	};
	expect(PACKAGE_VERSION).toBe(pkg.version);
});
