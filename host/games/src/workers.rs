//! The one pool of worker threads that plays numbered games `jobs` at a
//! time (series, self-play for tuning, a tuner's round robin): workers take
//! the next job as they come free, and each result is handed, as it ends,
//! to the calling thread, which may write it out at once. The first failure
//! stops any further job from starting and is returned.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work(job)` for every job of `jobs` on `threads` threads (at least
/// one), calling `finished(job, result)` on this thread in the order the
/// jobs end. Stops at the first error of `work` or `finished`, after the
/// jobs already running have ended, and returns it.
pub fn run_jobs<J, T, E>(
    jobs: &[J],
    threads: usize,
    work: impl Fn(&J) -> Result<T, E> + Sync,
    mut finished: impl FnMut(&J, T) -> Result<(), E>,
) -> Result<(), E>
where
    J: Sync,
    T: Send,
    E: Send,
{
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Result<T, E>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(jobs.len()) {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(index) else { break };
                let result = work(job);
                let failed = result.is_err();
                if sender.send((index, result)).is_err() || failed {
                    next.store(usize::MAX / 2, Ordering::SeqCst);
                    break;
                }
            });
        }
        drop(sender);
        for (index, result) in receiver {
            let outcome = result.and_then(|value| finished(&jobs[index], value));
            if outcome.is_err() {
                // No job starts after a failure; the running ones end first.
                next.store(usize::MAX / 2, Ordering::SeqCst);
                return outcome;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::run_jobs;
    use std::collections::BTreeSet;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_job_runs_once_and_its_result_reaches_the_caller() {
        let jobs: Vec<u32> = (0..50).collect();
        let mut seen = BTreeSet::new();
        run_jobs(
            &jobs,
            3,
            |&j| Ok::<_, String>(j * j),
            |&j, square| {
                assert_eq!(square, j * j);
                assert!(seen.insert(j), "job {j} finished twice");
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, jobs.iter().copied().collect());
    }

    #[test]
    fn one_thread_finishes_the_jobs_in_order() {
        let jobs = [5, 3, 9, 1];
        let mut order = Vec::new();
        run_jobs(
            &jobs,
            1,
            |&j| Ok::<_, ()>(j),
            |_, j| {
                order.push(j);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(order, jobs);
    }

    #[test]
    fn a_failure_stops_the_jobs_not_yet_started_and_is_returned() {
        let jobs: Vec<u32> = (0..100).collect();
        let started = AtomicUsize::new(0);
        for threads in [1, 2] {
            started.store(0, Ordering::SeqCst);
            let error = run_jobs(
                &jobs,
                threads,
                |&j| {
                    started.fetch_add(1, Ordering::SeqCst);
                    if j == 3 {
                        Err(format!("job {j} failed"))
                    } else {
                        Ok(j)
                    }
                },
                |_, _| Ok(()),
            )
            .unwrap_err();
            assert_eq!(error, "job 3 failed");
            if threads == 1 {
                assert_eq!(
                    started.load(Ordering::SeqCst),
                    4,
                    "jobs ran after the failure"
                );
            }
        }
        let error = run_jobs(
            &jobs,
            2,
            |&j| Ok(j),
            |&j, _| {
                if j == 7 {
                    Err("cannot write job 7")
                } else {
                    Ok(())
                }
            },
        )
        .unwrap_err();
        assert_eq!(error, "cannot write job 7");
    }
}
