/**
 * End-to-end tests against a real n8n (cached install outside the repo, see
 * dev/n8n/install.js) with the packed package installed, plus a headless-Chromium check
 * of the editor. Run with `npm run test:e2e` (= jest -c jest.e2e.config.js --runInBand).
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	rootDir: __dirname,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	// Each test starts n8n processes (5-60 s each); the 10,001-row bulk run takes longer.
	testTimeout: 300_000,
	maxWorkers: 1,
	verbose: true,
	// The editor check runs last: it is the slowest and needs Chromium.
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	transform: {
		// Type checking is `npm run typecheck` (tsconfig.json includes test/**); here ts-jest only transpiles.
		'^.+\\.ts$': [
			'ts-jest',
			{
				diagnostics: false,
				tsconfig: {
					module: 'commonjs',
					target: 'es2021',
					esModuleInterop: true,
					isolatedModules: true,
					strict: true,
					skipLibCheck: true,
					resolveJsonModule: true,
				},
			},
		],
	},
};
