//! The cluster of scripts/cluster.sh (this crate's scheduler and two
//! executors, on loopback) answers as embedded DataFusion does: the same
//! rows for the URL functions over a text file, CSV and Parquet.

use std::path::{Path, PathBuf};
use std::process::Command;
use uniform_sql::output::Format;
use uniform_sql::session::{Job, Table};

/// Stops the cluster however the test ends.
struct Cluster {
    env: Vec<(&'static str, String)>,
}

impl Cluster {
    /// A cluster on five free ports. The ports are free when they are
    /// chosen, not necessarily when the processes bind them (another
    /// program may take one between): a start that failed on a port taken
    /// is tried again on others, a few times.
    fn start(dir: &Path) -> Cluster {
        let mut tries = Vec::new();
        for _ in 0..5 {
            let port = five_free_ports();
            match Cluster::start_on(port, dir) {
                Ok(c) => return c,
                Err(why) if taken(&why) => tries.push(format!("port {port}: {why}")),
                Err(why) => panic!("cluster.sh start on port {port}: {why}"),
            }
        }
        panic!(
            "cluster.sh start: a port was taken five times:\n{}",
            tries.join("\n")
        );
    }

    /// The cluster on `port` and the four after it; what cluster.sh said
    /// when it could not start it (it then stopped what it had started).
    fn start_on(port: u16, dir: &Path) -> Result<Cluster, String> {
        let bin = PathBuf::from(env!("CARGO_BIN_EXE_uniform-scheduler"));
        let cluster = Cluster {
            env: vec![
                ("UNIFORM_CLUSTER_PORT", port.to_string()),
                (
                    "UNIFORM_CLUSTER_DIR",
                    dir.join("cluster").display().to_string(),
                ),
                (
                    "UNIFORM_CLUSTER_BIN",
                    bin.parent().unwrap().display().to_string(),
                ),
            ],
        };
        let out = cluster.script("start");
        if out.status.success() {
            Ok(cluster)
        } else {
            // Dropped: stopped, whatever it had started.
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    fn script(&self, verb: &str) -> std::process::Output {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/cluster.sh");
        Command::new("bash")
            .arg(script)
            .arg(verb)
            .envs(self.env.iter().map(|(k, v)| (*k, v.as_str())))
            .output()
            .expect("bash runs")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.script("stop");
    }
}

/// Whether cluster.sh failed on a port another program holds: one it
/// found taken, or a process of its own that could not bind.
fn taken(said: &str) -> bool {
    let said = said.to_ascii_lowercase();
    said.contains("is taken")
        || said.contains("address already in use")
        || said.contains("addrinuse")
}

/// A free port with the four after it free too.
fn five_free_ports() -> u16 {
    for _ in 0..50 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(0);
        let free = |p: u16| std::net::TcpListener::bind(("127.0.0.1", p)).is_ok();
        if (1024..60000).contains(&port) && (0..5).all(|k| free(port + k)) {
            return port;
        }
    }
    panic!("no five free ports in a row");
}

fn run(job: &Job) -> String {
    let mut out = Vec::new();
    job.run_blocking(&mut out)
        .unwrap_or_else(|e| panic!("{}: {e}", job.query));
    String::from_utf8(out).unwrap()
}

#[test]
fn the_cluster_gives_the_embedded_answers() {
    let dir = uniform_testkit::scratch("cluster");
    std::fs::write(
        dir.join("urls.txt"),
        "http://a.example/1\nftp://myname@a.example/%2Fetc/motd\nhttp://b.example/x,y\n\
         not a url\nhttp://b.example/a b\ngopher://c.example/1\nhttp://www.example.co.uk/?q=a+b\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("links.csv"),
        "page,href\nhttp://a.example/b/c,../d\nhttp://a.example/,//b.example/x\n",
    )
    .unwrap();
    let tables = vec![
        Table {
            name: "urls".into(),
            path: dir.join("urls.txt").display().to_string(),
        },
        Table {
            name: "links".into(),
            path: dir.join("links.csv").display().to_string(),
        },
    ];
    let queries = [
        "SELECT url_host(url) AS host, count(*) AS n FROM urls WHERE url_valid(url) \
         GROUP BY host ORDER BY n DESC, host",
        "SELECT url, url_scheme(url) AS s, url_user(url) AS u, url_port(url) AS p, \
         url_registrable_domain(url) AS d, url_query_param(url, 'q') AS q, url_normalize(url) AS n \
         FROM urls ORDER BY url",
        "SELECT url_resolve(page, href) AS r, url_relativize(page, url_resolve(page, href)) AS back \
         FROM links ORDER BY r",
    ];
    let cluster = Cluster::start(&dir);
    let url = format!("df://127.0.0.1:{}", cluster.env[0].1);
    for query in queries {
        let embedded = Job {
            query: query.into(),
            tables: tables.clone(),
            format: Format::Csv,
            cluster: None,
        };
        let remote = Job {
            cluster: Some(url.clone()),
            ..embedded.clone()
        };
        let want = run(&embedded);
        assert!(want.lines().count() > 1, "{query}: {want}");
        assert_eq!(run(&remote), want, "{query}");
    }
    // A table written as Parquet by the cluster's query reads back alike.
    let parquet = dir.join("hosts.parquet");
    let write = Job {
        query: "SELECT url, url_host(url) AS host FROM urls".into(),
        tables: tables.clone(),
        format: Format::Parquet,
        cluster: Some(url.clone()),
    };
    write
        .run_blocking(std::fs::File::create(&parquet).unwrap())
        .unwrap();
    let read = |cluster: Option<String>| {
        run(&Job {
            query: "SELECT host, count(*) AS n FROM h GROUP BY host ORDER BY host".into(),
            tables: vec![Table {
                name: "h".into(),
                path: parquet.display().to_string(),
            }],
            format: Format::Csv,
            cluster,
        })
    };
    assert_eq!(read(Some(url)), read(None));
}

/// A scheduler that takes the connection and never answers, a fault no
/// real scheduler makes on purpose (so a bare listener stands in for it):
/// the query fails within the Ballista client's gRPC time limits (20 s to
/// connect, 20 s a request) rather than waiting for ever.
#[test]
fn a_scheduler_that_never_answers_is_an_error_in_bounded_time() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        // Every connection held open, nothing read or written.
        let held: Vec<_> = listener.incoming().collect();
        drop(held);
    });
    let job = Job {
        query: "SELECT url_host('http://a.example/') AS h".into(),
        tables: vec![],
        format: Format::Csv,
        cluster: Some(format!("df://127.0.0.1:{port}")),
    };
    let start = std::time::Instant::now();
    let got = job.run_blocking(Vec::new());
    let took = start.elapsed();
    assert!(got.is_err(), "a silent scheduler answered: {got:?}");
    assert!(
        took < std::time::Duration::from_secs(90),
        "a silent scheduler held the query {took:?}"
    );
}
