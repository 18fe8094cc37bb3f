// The same rules n8n's community-package scanner applies (eslint-plugin-n8n-nodes-base's
// community, nodes and credentials sets plus @n8n/eslint-plugin-community-nodes), on the
// code n8n loads: nodes/, credentials/ and package.json.
import { buildScanConfig } from '@n8n/scan-community-package/scanner/scanner.mjs';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'dev/**', 'scripts/**', 'examples/**', '*.js', '*.mjs', 'package-lock.json', 'tsconfig*.json'] },
	...(await buildScanConfig()),
];
