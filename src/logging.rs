//! The log on stderr, which never holds up the protocol: a controller may never read our
//! stderr, so records go through a bounded queue to a writer thread and are dropped when full.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// How many records may wait for stderr before new ones are dropped.
pub const QUEUE_RECORDS: usize = 256;

/// Records handed over and not yet written, for [`drain`].
static PENDING: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// A writer that queues each `write` (one log record) for a background thread, dropping it
/// when the queue is full.
pub struct NonBlocking {
    queue: SyncSender<Vec<u8>>,
    pending: Arc<AtomicUsize>,
}

impl NonBlocking {
    /// A writer whose bytes `sink` receives on a thread of its own.
    pub fn new(sink: impl Write + Send + 'static) -> io::Result<Self> {
        let (queue, records) = mpsc::sync_channel(QUEUE_RECORDS);
        let pending = Arc::new(AtomicUsize::new(0));
        let written = Arc::clone(&pending);
        thread::Builder::new()
            .name("log".into())
            .spawn(move || write_records(records, sink, &written))?;
        Ok(NonBlocking { queue, pending })
    }

    /// The count of records queued and not yet written.
    fn pending(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.pending)
    }
}

/// The background thread's body: writes every record it receives until the writer is gone.
fn write_records(records: Receiver<Vec<u8>>, mut sink: impl Write, pending: &AtomicUsize) {
    for record in records {
        // A failing stderr cannot be reported anywhere; the record is lost.
        let _ = sink.write_all(&record).and_then(|()| sink.flush());
        pending.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Write for NonBlocking {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.fetch_add(1, Ordering::SeqCst);
        match self.queue.try_send(buf.to_vec()) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.pending.fetch_sub(1, Ordering::SeqCst);
            }
        }
        Ok(buf.len())
    }

    /// Nothing: the background thread flushes after each record.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Sets up the log through [`NonBlocking`] at `RUST_LOG`'s level (else `default_level`),
/// or the plain stderr logger if the thread cannot start.
pub fn init(default_level: &str) {
    let mut builder =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(default_level));
    match NonBlocking::new(io::stderr()) {
        Ok(writer) => {
            let _ = PENDING.set(writer.pending());
            builder.target(env_logger::Target::Pipe(Box::new(writer)));
        }
        Err(_) => {
            builder.target(env_logger::Target::Stderr);
        }
    }
    builder.init();
}

/// Waits up to `patience` for the queued records to reach stderr, before the process exits.
pub fn drain(patience: Duration) {
    let Some(pending) = PENDING.get() else {
        return;
    };
    let deadline = Instant::now() + patience;
    while pending.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::Sender;

    /// A sink that blocks on its first write until told to go on, then reports what it got.
    struct Stuck {
        release: Receiver<()>,
        got: Sender<Vec<u8>>,
    }

    impl Write for Stuck {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let _ = self.release.recv();
            let _ = self.got.send(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_sink_that_never_takes_its_bytes_never_blocks_the_writer() {
        let (release_tx, release) = mpsc::channel();
        let (got, _received) = mpsc::channel();
        let mut writer = NonBlocking::new(Stuck { release, got }).expect("a thread");
        let started = Instant::now();
        for _ in 0..(QUEUE_RECORDS * 40) {
            writer.write_all(b"a warning\n").expect("never fails");
        }
        assert!(started.elapsed() < Duration::from_secs(5));
        drop(release_tx);
    }

    #[test]
    fn records_reach_a_sink_that_reads() {
        let (release_tx, release) = mpsc::channel();
        let (got, received) = mpsc::channel();
        let mut writer = NonBlocking::new(Stuck { release, got }).expect("a thread");
        writer.write_all(b"one\n").expect("queued");
        writer.write_all(b"two\n").expect("queued");
        release_tx.send(()).expect("the thread waits");
        release_tx.send(()).expect("the thread waits");
        let patience = Duration::from_secs(5);
        assert_eq!(received.recv_timeout(patience), Ok(b"one\n".to_vec()));
        assert_eq!(received.recv_timeout(patience), Ok(b"two\n".to_vec()));
    }
}
