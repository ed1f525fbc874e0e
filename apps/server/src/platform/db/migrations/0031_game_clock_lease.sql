-- The game clock's leadership is a lease (decision 0030), no longer a session advisory lock, which a
-- hung process kept for as long as its connection stayed open. The row's expiry is set on the
-- database's clock; the leader renews it well within its length, and another node takes it over once
-- it has lapsed, or at once when the connection that holds it (`holder_pid`) is gone. Every take-over
-- raises `term`: a leader renews, and commits its clock transactions, only while the term is still its own.
create table game_clock_lease (
  name text primary key,
  term bigint not null,
  -- The node that holds it, for operators reading the table.
  holder text not null,
  -- The backend of the holder's lease connection.
  holder_pid integer,
  expires_at timestamptz not null
);
insert into game_clock_lease (name, term, holder, holder_pid, expires_at)
values ('game-clock', 0, '', null, '-infinity');
