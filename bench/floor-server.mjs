/**
 * The floor: a bare Express app answering the three requests of a flow with responses of the
 * simulator's shape and size, and no protocol work. Usage: node bench/floor-server.mjs PORT
 */
import express from 'express';

const idToken = `eyJhbGciOiJFUzI1NiJ9.${'x'.repeat(560)}.${'s'.repeat(86)}`;
const accessToken = `eyJhbGciOiJFUzI1NiJ9.${'a'.repeat(420)}.${'s'.repeat(86)}`;
const app = express();
app.disable('x-powered-by');
app.use(express.urlencoded({ extended: false }));
app.get('/authorize', (req, res) =>
  res.redirect(302, `http://localhost:8080/cb?code=${'c'.repeat(43)}&state=${req.query.state}`),
);
app.post('/token', (_req, res) =>
  res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: 180, id_token: idToken }),
);
app.get('/userinfo', (_req, res) =>
  res.json({ sub: 'urn:fdc:gov.uk:2022:floor', email: 'test@example.com', email_verified: true }),
);
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
