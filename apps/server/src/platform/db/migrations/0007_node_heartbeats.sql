-- Heartbeats of the serving nodes (decision 0008). Each row is one interval during which a server
-- process was alive and could write to the database: the process extends its interval about once a
-- second and starts a new one only after a failed beat; a new process starts its own. A crash round is
-- void only when the union of these intervals leaves part of its flight uncovered; how late the round
-- is settled never matters.

create table node_heartbeats (
  id bigint generated always as identity primary key,
  node_id text not null,
  started_at timestamptz not null,
  last_beat_at timestamptz not null,
  constraint node_heartbeats_order check (last_beat_at >= started_at)
);
create index node_heartbeats_span_idx on node_heartbeats (last_beat_at, started_at);

-- The take-off push is sent once per round whichever node leads the clock: the first clock step to
-- flip this flag (a conditional UPDATE) announces it, a new leader after a failover does not.
alter table crash_rounds add column flying_announced boolean not null default false;
-- Rounds already in flight when this migration runs were announced by the code before it.
update crash_rounds set flying_announced = true where flying_at <= now();
