# shellcheck shell=sh
# private-apt.sh, sourced by patches/fetch-debian.sh and
# cgtools/libsmartcols.sh.
#
# private_apt DIR LINE SUITE WHO: an apt of its own under DIR (its sources
# list, index lists, state and cache there; the host's apt configuration
# and state untouched) whose one source is LINE, its index updated, and
# APT_CONFIG exported for the apt-get calls that follow.  Trust is apt's
# own: LINE names the keyring with signed-by, no trusted.gpg(.d) is read,
# insecure repositories are refused, and any warning or error of the
# update (a bad or missing signature: "NO_PUBKEY") exits with WHO's
# message.
private_apt() {
	mkdir -p "$1/etc/apt.conf.d" "$1/etc/sources.list.d" "$1/etc/preferences.d" \
		"$1/etc/trusted.gpg.d" "$1/lists/partial" "$1/cache/archives/partial"
	: > "$1/status"
	echo "$2" > "$1/etc/sources.list"
	cat > "$1/apt.conf" <<EOF
Dir::Etc "$1/etc";
Dir::Etc::SourceList "$1/etc/sources.list";
Dir::Etc::SourceParts "$1/etc/sources.list.d";
Dir::Etc::Parts "$1/etc/apt.conf.d";
Dir::Etc::Preferences "$1/etc/preferences";
Dir::Etc::PreferencesParts "$1/etc/preferences.d";
Dir::Etc::Trusted "$1/etc/trusted.gpg";
Dir::Etc::TrustedParts "$1/etc/trusted.gpg.d";
Dir::State "$1";
Dir::State::Lists "$1/lists";
Dir::State::status "$1/status";
Dir::Cache "$1/cache";
APT::Architecture "amd64";
APT::Architectures "amd64";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::AllowInsecureRepositories "false";
Acquire::AllowDowngradeToInsecureRepositories "false";
EOF
	APT_CONFIG=$1/apt.conf
	export APT_CONFIG
	echo "  APT     update ($3, private state in $1)"
	apt-get -qq update > "$1/update.log" 2>&1 || { cat "$1/update.log" >&2; exit 1; }
	if grep -qE '^(W|E):' "$1/update.log"; then
		cat "$1/update.log" >&2
		echo "$4: apt did not verify $3 cleanly" >&2
		exit 1
	fi
}
