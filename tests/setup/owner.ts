/** The owner every test app's site has unless a test asks for none. */
export const OWNER = { username: 'owner', password: 'correct horse battery', email: 'owner@example.test' };
