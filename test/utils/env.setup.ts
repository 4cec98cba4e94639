// Runs before each e2e file: a quiet, predictable environment. The database is chosen per app
// by createTestApp (SQLite always; MySQL in the e2e-mysql project).
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'error';
process.env.PUBLIC_URL = 'http://localhost:3000';
process.env.AUTH_BOOTSTRAP_ADMIN = 'false';
delete process.env.SHORT_DOMAINS;
delete process.env.REDIS_URL;
