"""Worker processes for the work that must not hold the event loop: AI decisions and pictures.

The event loop only does I/O, bookkeeping and the engine's cheap steps. An AI decision is sent
to a worker process as (game, level, the seat's view, an RNG seed): views are plain picklable
dataclasses, so a worker sees exactly what the seat may see. A picture is a
``functools.partial`` of a module-level render function with its view, sent as its pickle
(the bytes the render pool keeps it by: pickled once; anything that does not pickle — a
test's patched function — is drawn in this process instead).

* **The workers' pipes** (``_PipePool``): each worker reads its jobs from a pipe of its own
  and writes its answers back; the event loop writes a job to a free worker's pipe, reads the
  answers as they come (a reader on each pipe) and hands each freed place to the next job.
  A worker has its share of jobs in its pipe (one running, the next ones ready), so it goes
  on while the loop is busy. No thread of the bot's process takes part: a
  ``ProcessPoolExecutor`` did this before with two threads per pool (its manager, woken by
  every submission, and its queue's feeder) that held the GIL a tenth of the time at 200
  tables, and the loop waited for the GIL back after each wake-up (docs/LOAD.md).
* **Bounded**: at most ``slots`` jobs are inside the pool (``SLOTS_PER_WORKER``, 64 per
  worker — in practice all the AI's: a table asks for one decision at a time); the rest wait
  in this process (FIFO).
* **AI decisions in the order of their chains**: a click starts a chain of AI moves at its
  table, one decision after another, and in a first-come queue each of them waits behind
  every decision asked meanwhile — a chain of four waited four queues. The pool keeps its
  jobs in a heap by their ``order`` (the service gives the time the chain started: its later
  decisions go before the first decisions of newer chains; a picture's is the time it was
  asked for); the AI's pool lets only ``FEEDER_ROOM`` a worker and one more into the
  workers' pipes (the pictures' pool: all of them), the next going from the heap as each
  ends. The key gives a chain at most ``ORDER_CREDIT`` seconds of precedence, so a long
  chain of AI seats alone cannot hold back the others.
* **Budget under load**: a level with a time budget (``GameSpec.ai_budgets``) gets
  ``budget × workers / (workers + queued)``, chosen by the worker when it starts the job from
  the jobs still queued then (counters in shared memory that the bot and the workers write
  without waiting for each other, ``_Backlog``), never below ``MIN_BUDGET_FRACTION`` of it:
  under overload the AI plays faster and weaker instead of making every table wait (the
  arena figures in docs/LOAD.md say how much weaker). When even the floor is more than the
  queue allows (``budget × workers / (workers + queued)`` below it: more than about six
  decisions waiting per worker), the decision is the level below's (``GameSpec.ai_levels``:
  hard's is medium's rule of thumb, a fraction of a millisecond) until the queue is short
  again: heavy overload drains instead of growing. A decision cancelled while it waited in
  the pool's heap (its table moved on) leaves the queue; one already in a worker's pipe runs
  and its answer is dropped.
* **A dead worker** breaks the pool (``BrokenProcessPool`` for every job in it): the pool
  is replaced once and the jobs are sent again (a decision is a pure function of its input).
* ``workers=0`` runs everything here, on the loop (the tests' default; tests of the pool
  itself use real processes). Workers run at a lower priority (``nice``), so the loop that
  answers clicks gets the CPU first.
* The worker processes are started all at once, in a thread of their own (``start``): never
  lazily inside a job's submission on the event loop, where starting a process waits on a
  clock that SimCord's virtual time freezes. Times are ``time.perf_counter``, which on Linux
  is the one monotonic clock of every process.

The modules: ``worker_pool`` (the generic bounded pool, ``WorkerPool``), ``ai_pool`` and
``render_pool`` (its two kinds), ``pools`` (the bot's pair, ``Pools``), ``decisions`` (an AI
decision and its budget under load), ``pipes`` (``_PipePool``), ``worker_process`` (a
worker's start and main loop), ``backlog`` (the shared counters), ``framing`` (a frame on a
pipe) and ``metrics`` (``PoolMetrics``). The package exports the pools and the decision
functions; each tunable (``worker_pool.SLOTS_PER_WORKER``, ``FEEDER_ROOM``, ``ORDER_CREDIT``,
``RETRIES``; ``decisions.MIN_BUDGET_FRACTION``, ``MIN_BUDGET_MS``; ``pipes.READY_WAIT``;
``backlog.LOCK_WAIT``) is read from the module that holds it and imported from there: patch
it there.
"""

from bot.workers.ai_pool import AIPool
from bot.workers.decisions import Decision, decide, decide_loaded, overloaded, shrunk_budget
from bot.workers.metrics import PoolMetrics
from bot.workers.pools import Pools, default_workers
from bot.workers.render_pool import RenderPool
from bot.workers.worker_pool import WorkerPool

__all__ = [
    "AIPool",
    "Decision",
    "PoolMetrics",
    "Pools",
    "RenderPool",
    "WorkerPool",
    "decide",
    "decide_loaded",
    "default_workers",
    "overloaded",
    "shrunk_budget",
]
