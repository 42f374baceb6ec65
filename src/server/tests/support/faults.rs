//! Storage faults for the tests: a small disk of the test's own (a tmpfs,
//! mounted by the test), filled and freed, made read-only and writable
//! again, and I/O errors injected into a running process's writes and
//! syncs (strace's fault injection). Mounting needs root or passwordless
//! sudo, as `make test` has; a test that cannot mount fails and says why.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Runs a privileged command (as root, or through `sudo -n`).
fn privileged(args: &[&str]) -> Result<(), String> {
    let root = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false);
    let mut command = if root {
        Command::new(args[0])
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("-n").arg(args[0]);
        sudo
    };
    let output = command
        .args(&args[1..])
        .output()
        .map_err(|e| format!("{}: {e}", args[0]))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// A tmpfs of its own, unmounted when dropped.
pub struct SmallDisk {
    pub dir: PathBuf,
}

impl SmallDisk {
    /// Mounts a tmpfs of `megabytes` on a fresh folder.
    pub fn mount(megabytes: u32) -> SmallDisk {
        let dir = super::scratch_dir("disk");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let dir_text = dir.display().to_string();
        let options = format!("size={megabytes}m,mode=0777");
        privileged(&["mount", "-t", "tmpfs", "-o", &options, "tmpfs", &dir_text]).unwrap_or_else(
            |e| panic!("the storage-fault tests mount a small disk (root or sudo -n): {e}"),
        );
        SmallDisk { dir }
    }

    fn fill_file(&self) -> PathBuf {
        self.dir.join("filler")
    }

    /// Fills the disk until `leave` bytes are free (0: completely).
    pub fn fill(&self, leave: u64) {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.fill_file())
            .unwrap();
        let chunk = vec![0u8; 64 * 1024];
        loop {
            let free = fs4::available_space(&self.dir).unwrap();
            if free <= leave {
                break;
            }
            let size = (free - leave).min(chunk.len() as u64) as usize;
            if file.write_all(&chunk[..size]).is_err() {
                break;
            }
        }
        // The last bytes a page at a time (a write that does not fit fails).
        if leave == 0 {
            while file.write_all(&chunk[..512]).is_ok() {}
        }
        let _ = file.sync_all();
    }

    /// Frees what [`SmallDisk::fill`] took.
    pub fn free(&self) {
        let _ = std::fs::remove_file(self.fill_file());
    }

    /// Makes it read-only (`true`) or writable again.
    pub fn read_only(&self, read_only: bool) {
        let options = if read_only {
            "remount,ro"
        } else {
            "remount,rw"
        };
        privileged(&["mount", "-o", options, &self.dir.display().to_string()]).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = privileged(&["umount", "-l", &self.dir.display().to_string()]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// I/O errors injected into every thread of a running process until
/// dropped (strace detaches and the process goes on).
pub struct InjectedErrors {
    strace: Child,
}

impl InjectedErrors {
    /// Every write and sync of `pid` fails with `errno` (EIO, EROFS…).
    pub fn start(pid: u32, errno: &str) -> InjectedErrors {
        let mut command = Command::new("strace");
        command.args(["-f", "-qq", "-o", "/dev/null"]);
        for thread in threads(pid) {
            command.args(["-p", &thread.to_string()]);
        }
        let strace = command
            .args([
                "-e",
                "trace=pwrite64,fsync,fdatasync",
                "-e",
                &format!("inject=pwrite64,fsync,fdatasync:error={errno}"),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("strace (make test installs it): {e}"));
        // Attached once the process stops answering at full speed: strace
        // says nothing with -qq, so give it a moment.
        std::thread::sleep(std::time::Duration::from_millis(700));
        InjectedErrors { strace }
    }
}

impl Drop for InjectedErrors {
    fn drop(&mut self) {
        // SIGTERM: strace detaches from every thread and leaves it running.
        let _ = Command::new("kill")
            .arg(self.strace.id().to_string())
            .status();
        let _ = self.strace.wait();
    }
}

/// The threads of process `pid`.
fn threads(pid: u32) -> Vec<u32> {
    let tasks = Path::new("/proc").join(pid.to_string()).join("task");
    let mut threads: Vec<u32> = std::fs::read_dir(tasks)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    threads.sort_unstable();
    if threads.is_empty() {
        threads.push(pid);
    }
    threads
}
