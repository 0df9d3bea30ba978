import pg from 'pg';
const c = new pg.Client('postgres://postgres:zview-local@127.0.0.1:41201/postgres'); await c.connect();
const r = await c.query(process.argv[2]); console.table(r.rows.slice(0,30)); await c.end();
