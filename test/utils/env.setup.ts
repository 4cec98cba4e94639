// Runs before each e2e file: a quiet, predictable environment. The database is chosen per app
// by createTestApp (SQLite always; MySQL in the e2e-mysql project).
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'error';
process.env.PUBLIC_URL = 'http://localhost:3000';
process.env.AUTH_BOOTSTRAP_ADMIN = 'false';
delete process.env.SHORT_DOMAINS;
delete process.env.REDIS_URL;
// Suites sign up and call the API far more than any person would; the rate-limit spec sets its own.
process.env.RATE_LIMIT_API_PER_MINUTE = '0';
process.env.AUTH_LOGIN_PER_MINUTE_PER_IP = '0';
process.env.AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT = '0';
process.env.AUTH_SIGNUPS_PER_HOUR_PER_IP = '0';
process.env.AUTH_RESETS_PER_HOUR_PER_ADDRESS = '0';
process.env.AUTH_RESETS_PER_HOUR_PER_IP = '0';
delete process.env.SMTP_URL;
// Visits are recorded (the default), whatever the shell running the tests says.
process.env.ANALYTICS_RECORD = 'true';
