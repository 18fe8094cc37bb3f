/**
 * Unit / engine tests. E2E tests (test/e2e/*.e2e.test.ts, real n8n) are run separately
 * and are deliberately excluded here.
 * @type {import('jest').Config}
 */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '\\.e2e\\.test\\.ts$'],
	globalSetup: '<rootDir>/test/setup/global-setup.ts',
	globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
	setupFiles: ['<rootDir>/test/setup/setup-env.ts'],
	testTimeout: 30_000,
	maxWorkers: 2,
	transform: {
		// Type-checking is done by `tsc` separately; tsconfig.test.json sets isolatedModules,
		// so ts-jest only transpiles (fast).
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
	},
	// Node code and tests must share one n8n-workflow instance (instanceof checks on errors,
	// VersionedNodeType, ...): pin the bare specifier to the top-level copy.
	moduleNameMapper: {
		'^n8n-workflow$': require.resolve('n8n-workflow'),
	},
};
