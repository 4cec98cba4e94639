// Unit tests beside the code (no I/O); controller slices (no database); process tests spawn the
// service and the CLI as operators run them; e2e tests run once per database driver with the same
// spec files.
// openid-client and what it is built on ship ES modules only: made CommonJS for jest, as Node
// itself loads them for the service (require of ES modules).
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose'];
const ts = {
  '^.+\\.ts$': 'ts-jest',
  [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: [
    'ts-jest',
    { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' }, isolatedModules: true },
  ],
};
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`];
const e2e = (name, dbKind) => ({
  displayName: name,
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  transform: ts,
  transformIgnorePatterns,
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/utils/env.setup.ts'],
  globals: { TEST_DB_KIND: dbKind },
});
module.exports = {
  testTimeout: 60000,
  // Two test files at a time, even on two cores: an e2e file mostly waits (on its databases, its
  // timers, the processes it starts), and the suite took ~36 minutes one file at a time, 17 two
  // at a time, on these machines. Each file has its own database, files and ports.
  maxWorkers: 2,
  // A worker is replaced once it holds more than this after a file: each e2e file loads the whole
  // app and its modules, and one process running them all outgrew Node's heap (the module graphs
  // of earlier files are never all freed).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transform: ts,
      transformIgnorePatterns,
      testEnvironment: 'node',
    },
    {
      // One controller over HTTP with its services mocked: routing, guard, validation, shapes.
      displayName: 'controllers',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/controllers/**/*.spec.ts'],
      transform: ts,
      transformIgnorePatterns,
      testEnvironment: 'node',
    },
    {
      displayName: 'process',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/process/**/*.spec.ts'],
      transform: ts,
      testEnvironment: 'node',
    },
    e2e('e2e-sqlite', 'sqlite'),
    ...(process.env.TEST_MYSQL_URL ? [e2e('e2e-mysql', 'mysql')] : []),
  ],
};
