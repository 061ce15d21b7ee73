//! Calendar dates of Unix times (UTC, the proleptic Gregorian calendar), for the dates that
//! records and file names carry, without a date library.

/// A moment in UTC, broken into its calendar parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CivilTime {
    /// The year.
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
    /// 0 to 23.
    pub hour: u32,
    /// 0 to 59.
    pub minute: u32,
    /// 0 to 59.
    pub second: u32,
}

impl CivilTime {
    /// The calendar parts of `secs` seconds after 1970-01-01 00:00:00 UTC (Howard Hinnant's
    /// days-to-civil algorithm).
    pub fn from_unix(secs: i64) -> CivilTime {
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        CivilTime {
            year: yoe + era * 400 + i64::from(month <= 2),
            month: month as u32,
            day: day as u32,
            hour: (rem / 3600) as u32,
            minute: (rem % 3600 / 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// `YYYY-MM-DD`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_unix_times() {
        assert_eq!(CivilTime::from_unix(0).date(), "1970-01-01");
        assert_eq!(CivilTime::from_unix(951_782_400).date(), "2000-02-29");
        assert_eq!(CivilTime::from_unix(1_767_225_600).date(), "2026-01-01");
        let t = CivilTime::from_unix(1_702_738_670);
        assert_eq!(
            (t.year, t.month, t.day, t.hour, t.minute, t.second),
            (2023, 12, 16, 14, 57, 50)
        );
        assert_eq!(CivilTime::from_unix(-1).date(), "1969-12-31");
    }
}
