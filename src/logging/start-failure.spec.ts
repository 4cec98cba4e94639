import { describeStartFailure } from './start-failure';

const env = { PORT: 3999, HOST: '0.0.0.0', DB_URL: 'mysql://root:secret@db.example:3306/linkdrop' };
const sys = (fields: object) => Object.assign(new Error('boom\n    at somewhere'), fields);

describe('describeStartFailure', () => {
  it('should say a port is taken and what to do', () => {
    const line = describeStartFailure(sys({ code: 'EADDRINUSE', syscall: 'listen' }), env);
    expect(line).toMatch(/^Port 3999 is taken \(0\.0\.0\.0:3999\): stop the program using it/);
  });

  it('should name the folder it cannot write', () => {
    const e = sys({ code: 'EACCES', syscall: 'mkdir', path: '/srv/data' });
    expect(describeStartFailure(e, env)).toMatch(/^Cannot write to \/srv\/data: give this user/);
  });

  it('should name the database it cannot reach, never its password', () => {
    const line = describeStartFailure(sys({ code: 'ECONNREFUSED' }), env);
    expect(line).toBe(
      'Cannot reach the database at mysql://db.example:3306/linkdrop (ECONNREFUSED): start it, or check DB_URL.',
    );
    expect(line).not.toContain('secret');
  });

  it('should keep anything else to its first line', () => {
    expect(describeStartFailure(new Error('odd\n    at x'), env)).toBe(
      'Linkdrop could not start: odd',
    );
    expect(describeStartFailure('plain', env)).toBe('Linkdrop could not start: plain');
  });
});
